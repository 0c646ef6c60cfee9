// s3rver in a process of its own, for the s3 file-store tests. Its list continuation tokens use
// DES, which Node 20's OpenSSL only offers behind --openssl-legacy-provider: that flag is given to
// this process alone, never to the test worker or the app. Prints {"port":…} once listening;
// stops when its stdin closes (the test process ended, even abruptly) or on SIGTERM.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => process.exit(0));
};
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
