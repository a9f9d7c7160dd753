// The browser end-to-end suite: every journey in journeys/*.e2e.mjs, in each variant it declares
// (English, Spanish, a 390 px phone), each in a process of its own with its own server and one
// Chromium, E2E_JOBS at a time (default 2: the machine has two cores).
//
//   node e2e/run.mjs                 every journey, every variant
//   node e2e/run.mjs contest         journeys whose file name contains "contest"
//   node e2e/run.mjs contest:es      ... only in the Spanish variant
//
// Needs `npm run build` and `cargo build --workspace --all-targets` first (`make test-e2e` does both).
// Settings: VITRINE_SERVER_BIN, CHROMIUM_PATH, E2E_JOBS. Screenshots: e2e/screenshots/.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { chromiumPath, journeysDir, serverBin } from './lib/paths.mjs';

const jobs = Math.max(1, Number(process.env.E2E_JOBS || 2));
const filters = process.argv.slice(2).map((arg) => {
  const [name, variant] = arg.split(':');
  return { name, variant };
});

if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath}`);
if (!existsSync(serverBin)) throw new Error(`no server binary at ${serverBin}`);

const tasks = [];
for (const file of readdirSync(journeysDir).filter((name) => name.endsWith('.e2e.mjs')).sort()) {
  const path = join(journeysDir, file);
  const { default: journey } = await import(pathToFileURL(path).href);
  for (const variant of journey.variants ?? ['en']) {
    const wanted =
      filters.length === 0 ||
      filters.some((f) => file.includes(f.name) && (f.variant === undefined || f.variant === variant));
    if (wanted) tasks.push({ path, label: `${journey.name}/${variant}`, variant });
  }
}
if (tasks.length === 0) {
  console.error('e2e: no journey matches');
  process.exit(1);
}

function runTask(task) {
  return new Promise((resolveTask) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(import.meta.dirname, 'lib', 'run-one.mjs'), task.path, task.variant], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => resolveTask({ ...task, passed: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = [];
const queue = [...tasks];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    while (queue.length > 0) results.push(await runTask(queue.shift()));
  }),
);

console.log('\ne2e results:');
for (const result of results) {
  console.log(`  ${result.passed ? 'ok  ' : 'FAIL'} ${result.label} (${result.seconds.toFixed(0)} s)`);
}
const passed = results.filter((result) => result.passed).length;
const failed = results.length - passed;
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
