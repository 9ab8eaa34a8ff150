// Loaded with `node --import`: prints, as the process exits, one line on stderr naming every
// module it loaded (`offprint-modules: [...]`), for the test of what a command loads.
import module from 'node:module';

const loaded = new Set();
module.registerHooks({
  load(url, context, next) {
    loaded.add(url);
    return next(url, context);
  },
});
process.on('exit', () => {
  process.stderr.write(`offprint-modules: ${JSON.stringify([...loaded])}\n`);
});
