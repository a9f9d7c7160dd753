// A real vitrine-server for one journey: a temporary data folder (embedded SQLite, the in-process
// bus, the local test-mode Stripe; no API key needed there), `seed --demo`, a free port on 127.0.0.1, the built client
// served at `/`. `stop()` ends it and removes the folder; the server's log is kept beside the
// journey's screenshots.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { distDir, serverBin } from './paths.mjs';

export const DEMO_PASSWORD = 'vitrine-demo';

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

function runOnce(args, env) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(serverBin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolveRun(output) : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/** An error answer of the API, with its envelope. */
export class ApiFailure extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * Starts a seeded server. `logFile` receives its output when it stops.
 * Returns { baseUrl, dataDir, api, token, stop }.
 */
export async function startServer({ logFile, seedDemo = true, env: extraEnv = {} } = {}) {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  if (!existsSync(serverBin)) throw new Error(`no server binary at ${serverBin}: run \`cargo build --bin vitrine-server\``);

  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-e2e-'));
  const envFor = (baseUrl) => {
    const env = {
      ...process.env,
      VITRINE_DATA_DIR: dataDir,
      VITRINE_BIND: baseUrl.replace('http://', ''),
      VITRINE_WEB_DIR: distDir,
      VITRINE_PUBLIC_URL: baseUrl,
      // A journey signs in, asks for links and pays many times a minute from 127.0.0.1: the
      // abuse limits are off here (the API suite tests them, tests/api/limits.rs).
      VITRINE_RATE_LIMITS: 'off',
      ...extraEnv,
    };
    // The embedded defaults: SQLite in the data folder, the in-process bus, test-mode Stripe.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.STRIPE_SECRET_KEY;
    delete env.PAYPAL_CLIENT_ID;
    return env;
  };

  let baseUrl = `http://127.0.0.1:${await freePort()}`;
  if (seedDemo) await runOnce(['seed', '--demo'], envFor(baseUrl));

  let child;
  let exited = false;
  const lines = [];
  const keep = (chunk) => lines.push(String(chunk));
  const launch = () => {
    child = spawn(serverBin, ['serve'], { env: envFor(baseUrl), stdio: ['ignore', 'pipe', 'pipe'] });
    exited = false;
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', () => (exited = true));
  };

  async function stop() {
    if (logFile) writeFileSync(logFile, lines.join(''));
    if (!exited) {
      const gone = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  // A port found free can be taken again (by any outgoing connection) before the server binds
  // it: a server that exits because its address is in use is started again on another port.
  const ATTEMPTS = 5;
  launch();
  for (let attempt = 1; ; ) {
    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && !exited) {
      try {
        ready = (await fetch(`${baseUrl}/healthz`)).ok;
      } catch {
        // Not listening yet.
      }
      if (ready) break;
      if (Date.now() > deadline) {
        await stop();
        throw new Error('the server did not answer /healthz within 60 s');
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    if (ready) break;
    const output = lines.join('');
    if (attempt >= ATTEMPTS || !output.includes('Address already in use')) {
      await stop();
      throw new Error(`the server exited at start:\n${output}`);
    }
    attempt += 1;
    lines.push(`-- ${baseUrl} was taken; starting again on another port --\n`);
    baseUrl = `http://127.0.0.1:${await freePort()}`;
    launch();
  }

  /** One REST call; throws ApiFailure on an error answer, returns the parsed body. */
  async function api(method, path, { token, body } = {}) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ApiFailure(method, path, response.status, parsed);
    return parsed;
  }

  /** A bearer token for a user (the demo password unless told otherwise). */
  async function token(username, password = DEMO_PASSWORD) {
    const answer = await api('POST', '/oauth/token', { body: { grant_type: 'password', username, password } });
    return answer.access_token;
  }

  return { baseUrl, dataDir, api, token, stop };
}
