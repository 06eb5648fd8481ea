// The bench's customer: an HTTPS receiver in a process of its own (so it does not share the
// dispatcher's event loop), answering 204 at once. Prints its port, then serves until killed.
const { createServer } = require('node:https');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const tls = join(__dirname, '../test/fixtures/webhook-tls');
let received = 0;
const server = createServer({ key: readFileSync(join(tls, 'receiver-key.pem')), cert: readFileSync(join(tls, 'receiver-cert.pem')) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('message', () => process.send?.({ received }));
