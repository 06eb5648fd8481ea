import { status, type ServiceError } from '@grpc/grpc-js';
import { histogram } from '@mp/telemetry';

/** Rate, errors (by code) and latency per gRPC method served: its _count is the call counter. */
const handled = histogram('grpc_server_handling_seconds', 'gRPC calls served, by service, method and status code', ['grpc_service', 'grpc_method', 'grpc_code']);

/** `/platform.v1.MessagingService/SendMessage` -> service `platform.v1.MessagingService`, method `SendMessage`. */
function splitPath(path: string): { grpc_service: string; grpc_method: string } {
  const [, service = '', method = ''] = path.split('/');
  return { grpc_service: service, grpc_method: method };
}

/** Starts timing one call; the returned function records it with the code it was answered with. */
export function timeGrpcCall(path: string): (error: Partial<ServiceError> | null) => void {
  const stop = handled.startTimer(splitPath(path));
  return (error) => {
    const code = error ? (error.code ?? status.UNKNOWN) : status.OK;
    stop({ grpc_code: status[code] ?? String(code) });
  };
}
