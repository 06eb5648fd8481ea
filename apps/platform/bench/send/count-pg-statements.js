// Preloaded (NODE_OPTIONS=--require) into each app the distributed send
// benchmark starts: counts every statement the process sends to PostgreSQL
// through node-postgres (each Client#query call, which is how knex and
// everything else here reach it), and on SIGUSR2 writes the count to
// $BENCH_STATEMENTS_DIR/<pid>. Changes nothing else.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.BENCH_STATEMENTS_DIR;
if (dir) {
  let count = 0;
  try {
    const pg = require(require.resolve('pg', { paths: [join(__dirname, '../../../..')] }));
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function countedQuery(...args) {
      count++;
      return query.apply(this, args);
    };
  } catch {
    // no pg here: nothing to count
  }
  process.on('SIGUSR2', () => writeFileSync(join(dir, String(process.pid)), String(count)));
}
