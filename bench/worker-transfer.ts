// Worker → main thread transport of a full result (issue 23, ADR 0198): 1,000 load points with their w/M/Q
// distributions and traces, as arrays of numbers (the structured clone before) against packed Float64Arrays
// whose buffers are transferred (packForTransfer in the worker, unpackTransferred in the main thread).
// Measured in one process with structuredClone (serialise + deserialise, as postMessage does); CPU times,
// old and new alternating in the same run, since wall times mean little on a shared machine.
import { deserialize, serialize } from 'node:v8';
import { calculateProject } from '@pfahlplaner/engine';
// eslint-disable-next-line no-restricted-imports -- the transport lives in the server; the bench measures it
import {
  packForTransfer,
  unpackTransferred,
} from '../apps/server/src/modules/calculation/transfer';
// eslint-disable-next-line no-restricted-imports -- the transport lives in the server; the bench measures it
import type { TaskResult } from '../apps/server/src/modules/calculation/run-calculation';
// eslint-disable-next-line no-restricted-imports -- the server's 1,000-row fixture, as its pool test uses it
import { largeWorkbookWithLoadRows } from '../apps/server/src/modules/projects/fixtures';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (from: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
};

export function run(): void {
  const result = calculateProject(largeWorkbookWithLoadRows('Transfer', 1000));
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const packedOnce = packForTransfer(result);
  console.log(
    `worker-transfer: 1000 load points, serialised ${mb(serialize(result).length)} MB as arrays, ` +
      `${mb(serialize(packedOnce.value).length)} MB with ${packedOnce.transfer.length} Float64Arrays (copied by serialize, transferred by postMessage)`,
  );
  // The main thread's share: deserialising what arrives (v8.deserialize; the packed form's buffers are copied
  // here, which postMessage's transfer avoids, so the new figure is an upper bound) plus unpacking.
  const oldBytes = serialize(result);
  const newBytes = serialize(packedOnce.value);
  const mainOld: number[] = [];
  const mainNew: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    let c = process.cpuUsage();
    deserialize(oldBytes);
    const o = cpuMs(c);
    c = process.cpuUsage();
    unpackTransferred(deserialize(newBytes) as TaskResult);
    const n = cpuMs(c);
    if (i === 0) continue; // warm-up
    mainOld.push(o);
    mainNew.push(n);
  }
  console.log(
    `worker-transfer: main thread CPU median of 7 runs: before (deserialise) ${median(mainOld).toFixed(1)} ms, ` +
      `after (deserialise + unpack) ${median(mainNew).toFixed(1)} ms`,
  );
  const runs = 7;
  const old: number[] = [];
  const pack: number[] = [];
  const clone: number[] = [];
  const unpack: number[] = [];
  for (let i = 0; i < runs + 1; i += 1) {
    let c = process.cpuUsage();
    structuredClone(result);
    const o = cpuMs(c);
    c = process.cpuUsage();
    const packed = packForTransfer(result);
    const p = cpuMs(c);
    c = process.cpuUsage();
    const received = structuredClone(packed.value, { transfer: packed.transfer });
    const k = cpuMs(c);
    c = process.cpuUsage();
    unpackTransferred(received);
    const u = cpuMs(c);
    if (i === 0) continue; // warm-up
    old.push(o);
    pack.push(p);
    clone.push(k);
    unpack.push(u);
  }
  console.log(`worker-transfer: whole transport (both threads), CPU medians of ${runs} runs (ms):`);
  console.log(`  before: structured clone of arrays            ${median(old).toFixed(1)}`);
  console.log(
    `  after:  pack ${median(pack).toFixed(1)} (worker) + clone with transfer ${median(clone).toFixed(1)} ` +
      `+ unpack ${median(unpack).toFixed(1)} (main thread) = ${(median(pack) + median(clone) + median(unpack)).toFixed(1)}`,
  );
}
