import { spawn } from 'node:child_process';

/** The API with reload on 127.0.0.1:8081 and Vite on 5173 proxying /v1 to it. */
const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=domain', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
