#!/usr/bin/env node
// Runs a command in a loopback-only network namespace when root (so WebRTC and servers stay on this machine),
// else runs it as it is. Usage: node scripts/netns.mjs <command> [args...]
import { spawnSync } from 'node:child_process';

const [cmd, ...args] = process.argv.slice(2);
const has = (c) => spawnSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' }).status === 0;
const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;
const isolated = process.getuid?.() === 0 && has('unshare') && has('ip') && !process.env.E2E_NO_NETNS;
const result = isolated
  ? spawnSync(
      'unshare',
      ['-n', 'sh', '-c', `ip link set lo up && exec ${[cmd, ...args].map(quote).join(' ')}`],
      { stdio: 'inherit' },
    )
  : spawnSync(cmd, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
