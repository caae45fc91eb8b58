// A live-progress socket flood, run as its own process so that its work does not slow the test's
// measurements: `node socket-flood.mjs <url> <events> <milliseconds> <connections>`. Each
// connection subscribes to new scan rooms as fast as its socket takes them; a connection the
// server closes or refuses is opened again 100 ms later. Ends at the count or the time, whichever
// comes first, and prints what it did as one JSON line.
import { io } from 'socket.io-client';

const [url, eventsArg, msArg, connectionsArg] = process.argv.slice(2);
const events = Number(eventsArg);
const deadline = Date.now() + Number(msArg);
const connections = Number(connectionsArg);
const CHUNK = 100;

const report = { sent: 0, acks: 0, connected: 0, refused: 0, closedByServer: 0 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const more = () => Date.now() < deadline && report.sent < events;
const key = (n) => `wallet:ethereum:0x${n.toString(16).padStart(40, '0')}`;

async function attacker() {
  while (more()) {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 5000,
    });
    const open = await new Promise((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
    if (!open) {
      report.refused++;
      socket.close();
      await sleep(100);
      continue;
    }
    report.connected++;
    socket.once('disconnect', (reason) => {
      if (reason === 'io server disconnect' || reason === 'transport close') report.closedByServer++;
    });
    while (socket.connected && more()) {
      for (let i = 0; i < CHUNK && socket.connected && more(); i++) {
        socket.emit('scan:subscribe', key(report.sent++), () => report.acks++);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    socket.close();
    await sleep(100);
  }
}

await Promise.all(Array.from({ length: connections }, attacker));
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
