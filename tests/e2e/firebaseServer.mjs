// The Firebase Auth emulator (firebase-tools) and a Tessera server of its own for the phone sign-in
// browser test: the server serves a copy of tenants/ in which one brand's firebase-phone-auth
// plugin names the emulator, on a database of its own, so the demo brands keep their SMS flows.
// Both run on free loopback ports and are stopped by their PID.
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const TESSERA_CLI = join(REPOSITORY, '.venv/bin/tessera');
const START_SECONDS = 60;

// firebase-tools: a devDependency of the repository, else FIREBASE_TOOLS_BIN.
export const FIREBASE_CLI = [process.env.FIREBASE_TOOLS_BIN, join(REPOSITORY, 'node_modules/firebase-tools/lib/bin/firebase.js')]
  .find((path) => path && existsSync(path));

// The secrets the demo brands' tenant.toml name (env:...), as the Makefile gives them; the captcha
// ones also let tests/e2e/read_captcha.py work out a captcha's text in this process's children.
const DEMO_SECRETS = {
  DEMO_BD_CAPTCHA_SECRET: 'e2e-demo-bd',
  DEMO_PH_CAPTCHA_SECRET: 'e2e-demo-ph',
  DEMO_BD_GATEWAY_SECRET: 'dev-gateway-demo-bd',
  DEMO_PH_GATEWAY_SECRET: 'dev-gateway-demo-ph',
  DEMO_VENDOR_SECRET: 'dev-vendor',
  DEMO_GAMES_SECRET: 'dev-games',
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** CHILD's output so far, kept for the error that says why it did not start. */
function recordOutput(child) {
  const output = { text: '' };
  child.stdout.on('data', (chunk) => (output.text += chunk));
  child.stderr.on('data', (chunk) => (output.text += chunk));
  return output;
}

/** Poll READY until it is true; an error with the child's output when it stops or takes too long. */
async function waitUntilReady(child, output, what, ready) {
  const deadline = Date.now() + START_SECONDS * 1000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} stopped (exit code ${child.exitCode ?? child.signalCode})\n${output.text}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start in ${START_SECONDS} s\n${output.text}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Stop CHILD by its PID (SIGNAL, then SIGKILL after 10 s). */
async function stopChild(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', () => resolve(true)));
  child.kill(signal);
  let timer;
  const stopped = await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(() => resolve(false), 10_000)))]);
  clearTimeout(timer);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** The Auth emulator on 127.0.0.1:PORT for a demo- project (no credentials, no network needed). */
export async function startEmulator({ port, projectId }) {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-firebase-emulator-'));
  const emulators = { auth: { host: '127.0.0.1', port }, hub: { port: await freePort() }, logging: { port: await freePort() }, ui: { enabled: false } };
  writeFileSync(join(folder, 'firebase.json'), JSON.stringify({ emulators }));
  const child = spawn(process.execPath, [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: folder,
    env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child, 'SIGINT');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(child, recordOutput(child), 'the Firebase Auth emulator', async () => (await (await fetch(url)).json()).authEmulator?.ready);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    /** The codes the emulator "texted" to PHONE, oldest first. */
    async codesFor(phone) {
      const { verificationCodes } = await (await fetch(`${url}/emulator/v1/projects/${projectId}/verificationCodes`)).json();
      return verificationCodes.filter((sent) => sent.phoneNumber === phone).map((sent) => sent.code);
    },
    stop,
  };
}

/**
 * A Tessera server on 127.0.0.1 whose BRAND signs members in through Firebase with FIREBASE (the
 * plugin's settings), on a copy of tenants/ and a SQLite database in a temporary folder.
 */
export async function startBrandServer({ brand, firebase }) {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-firebase-server-'));
  const tenants = join(folder, 'tenants');
  cpSync(join(REPOSITORY, 'tenants'), tenants, { recursive: true });
  const toml = join(tenants, brand, 'tenant.toml');
  if (readFileSync(toml, 'utf8').includes('[plugins.firebase-phone-auth]')) throw new Error(`${brand} already configures firebase-phone-auth`);
  const settings = Object.entries(firebase).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  appendFileSync(toml, ['', '[plugins.firebase-phone-auth]', ...settings, ''].join('\n'));

  for (const [name, value] of Object.entries(DEMO_SECRETS)) process.env[name] ??= value;
  const port = await freePort();
  const env = {
    ...process.env,
    TESSERA_DATABASE_URL: `sqlite:///${join(folder, 't.sqlite')}`,
    TESSERA_TENANTS_DIR: tenants,
    TESSERA_UPLOAD_DIR: join(folder, 'uploads'),
    TESSERA_LOG_LEVEL: 'WARNING',
    TESSERA_ENV: 'development', // the built-in secret key: a test's own server
    TESSERA_PUBLIC_PORT: String(port), // the brands' public addresses on the port it serves
  };
  let child = null;
  const stop = async () => {
    if (child) await stopChild(child, 'SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const run = promisify(execFile);
    await run(TESSERA_CLI, ['db', 'upgrade'], { cwd: REPOSITORY, env });
    await run(TESSERA_CLI, ['tenants', 'sync'], { cwd: REPOSITORY, env });
    child = spawn(TESSERA_CLI, ['serve', '--host', '127.0.0.1', '--port', String(port)], { cwd: REPOSITORY, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const url = new URL(`http://127.0.0.1:${port}`);
    await waitUntilReady(child, recordOutput(child), 'the Tessera server', async () => (await fetch(new URL('/healthz', url))).ok);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
