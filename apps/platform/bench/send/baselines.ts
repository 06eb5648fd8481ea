/**
 * The floors the send benchmark measures the platform against, in the same
 * process and run:
 * - B0: a bare Node http server answering a fixed 201 JSON body;
 * - B1: what the architecture needs at the least for one send: an express app
 *   that parses the same JSON body and makes one unary grpc-js call (over a
 *   keep-alive channel, to a no-op service in the same process) before
 *   answering 201 JSON.
 */
import * as grpc from '@grpc/grpc-js';
import express from 'express';
import { createServer, type Server } from 'node:http';

export interface Baseline {
  url: string;
  stop(): Promise<void>;
}

const FIXED_ANSWER = JSON.stringify({ messageId: '00000000-0000-4000-8000-000000000000', status: 'queued' });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.keepAliveTimeout = 60_000;
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function startB0(): Promise<Baseline> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(FIXED_ANSWER);
    });
  });
  const url = await listen(server);
  return { url, stop: () => close(server) };
}

// A unary method on raw bytes: no proto generation, the request is the parsed body as JSON.
const identity = (value: Buffer) => value;
const NOOP_SERVICE = {
  call: {
    path: '/bench.Noop/Call',
    requestStream: false,
    responseStream: false,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  },
} satisfies grpc.ServiceDefinition;

interface NoopClient extends grpc.Client {
  call(request: Buffer, callback: (error: grpc.ServiceError | null, response?: Buffer) => void): grpc.ClientUnaryCall;
}

export async function startB1(): Promise<Baseline> {
  const grpcServer = new grpc.Server();
  grpcServer.addService(NOOP_SERVICE, {
    call: (_call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => callback(null, Buffer.alloc(0)),
  });
  const grpcPort = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
  );
  const Client = grpc.makeGenericClientConstructor(NOOP_SERVICE, 'Noop') as unknown as new (
    address: string,
    credentials: grpc.ChannelCredentials,
    options?: grpc.ChannelOptions,
  ) => NoopClient;
  const client = new Client(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_permit_without_calls': 1,
  });

  const app = express();
  app.post('*', express.json(), (req, res, next) => {
    client.call(Buffer.from(JSON.stringify(req.body)), (error) => {
      if (error) return next(error);
      res.status(201).type('application/json').send(FIXED_ANSWER);
    });
  });
  const server = createServer(app);
  const url = await listen(server);
  return {
    url,
    stop: async () => {
      await close(server);
      client.close();
      await new Promise<void>((resolve) => grpcServer.tryShutdown(() => resolve()));
    },
  };
}
