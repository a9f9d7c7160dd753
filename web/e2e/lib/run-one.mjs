// node e2e/lib/run-one.mjs <journey file> <variant>: one journey in one variant (the runner's child).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { runJourney } from './journey.mjs';

const [file, variant] = process.argv.slice(2);
if (!file || !variant) {
  console.error('usage: node e2e/lib/run-one.mjs <journey file> <variant>');
  process.exit(2);
}
const { default: journey } = await import(pathToFileURL(resolve(file)).href);
const passed = await runJourney(journey, variant);
process.exit(passed ? 0 : 1);
