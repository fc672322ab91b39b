/**
 * Run by process.system.test.ts in a child process that the test then kills with SIGKILL, as a server is
 * killed: starts three `sleep 600`, one through spawnChild, one through run(), and one with Node's plain
 * spawn (the control: what every child was before), and prints "pids <spawnChild> <run> <plain>".
 */
import { spawn } from 'node:child_process';
import { run, spawnChild } from './process';

const helper = spawnChild('sleep', ['600'], { stdio: 'ignore', nice: 5 });
const ran = run('sleep', ['600'], { timeoutMs: 600_000 });
ran.catch(() => {});
const plain = spawn('sleep', ['600'], { stdio: 'ignore' });
// run() keeps its child to itself: it is the newest `sleep` whose parent is this process
const { execFileSync } = await import('node:child_process');
const mine = () =>
  execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm === 'sleep')
    .map(([pid]) => Number(pid))
    .filter((pid) => pid !== helper.pid && pid !== plain.pid);
let others = mine();
while (others.length !== 1) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  others = mine();
}
process.stdout.write(`pids ${helper.pid} ${others[0]} ${plain.pid}\n`);
setInterval(() => {}, 60_000);
