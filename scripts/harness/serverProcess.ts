import { spawn } from 'node:child_process';

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  pid: number;
  /** Settles when the process has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM (the graceful shutdown of server/main.ts), then waits for the end. */
  stop(): Promise<void>;
}

/**
 * The real server (`server/main.ts`, through tsx) as a child process on a free port, with only the
 * environment given (plus PATH and HOME); resolves once it says it is ready.
 */
export async function startServerProcess(env: Record<string, string>, readyTimeoutMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', CLIENT_DIR: 'no-client', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after ${readyTimeoutMs} ms:\n${output}`)), readyTimeoutMs);
    const onData = () => {
      const match = /ready at http:\/\/[^\s:]+:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server ended before it was ready (code ${code}, signal ${signal}):\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
