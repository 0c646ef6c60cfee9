// Preloaded into the compiled server by `npm run bench:api` (`node --import` this file
// apps/api/dist/server.mjs): counts the statements sent to the database at the drivers (each
// pg Client.query: pool queries go through one; each PGlite query/exec), and answers the bench's
// {type: 'stats'} IPC message with the count, the process's CPU time and its memory. Plain
// JavaScript: the measured process runs no TypeScript loader, as production.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

let queries = 0;
const count = (proto, name) => {
  const original = proto[name];
  proto[name] = function counted(...args) {
    queries += 1;
    return original.apply(this, args);
  };
};
count(pg.Client.prototype, 'query');
count(PGlite.prototype, 'query');
count(PGlite.prototype, 'exec');

process.on('message', (message) => {
  if (message?.type !== 'stats') return;
  const memory = process.memoryUsage();
  process.send?.({
    type: 'stats',
    queries,
    cpuMicros: process.cpuUsage(),
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
  });
});
