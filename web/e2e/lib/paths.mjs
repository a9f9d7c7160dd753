// Where the end-to-end tests find what they drive, and where they write.
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const e2eDir = resolve(here, '..');
export const webDir = resolve(e2eDir, '..');
export const distDir = join(webDir, 'dist');
export const journeysDir = join(e2eDir, 'journeys');
export const shotsDir = join(e2eDir, 'screenshots');
const targetDir = process.env.CARGO_TARGET_DIR || join(homedir(), '.cache', 'vitrine-target');
export const serverBin = process.env.VITRINE_SERVER_BIN || join(targetDir, 'debug', 'vitrine-server');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// docs-integrity's yrs edits (loadtest/examples/yrs_edits.rs), from the build the server binary is of.
export const yrsEditsBin = process.env.DOCS_FUZZ_YRS_BIN || join(dirname(serverBin), 'examples', 'yrs_edits');
