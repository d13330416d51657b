import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';

/** A process the tests started, and how to stop it. */
export interface Started {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Stops a child process: SIGTERM, then SIGKILL if it is still there after 3 s. */
function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * Starts Xvfb on a display number it picks itself (`-displayfd`: the X server writes the number of
 * the first free display), so parallel runs and other X servers on the machine do not collide.
 */
export async function startXvfb(): Promise<Started & { display: string }> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    child.once('error', (error) =>
      reject(new Error('Xvfb did not start: install it with `apt-get install -y xvfb`', { cause: error })),
    );
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${stderr.slice(-500)}`)));
  });
  return { process: child, display, stop: stopper(child) };
}

/** A TCP port free at the time of asking (the driver binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts a program with extra environment, keeping its last output for error messages. */
export function startProgram(
  command: string,
  args: string[],
  env: Record<string, string>,
): Started & { output: () => string } {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { process: child, stop: stopper(child), output: () => output };
}
