// `npm run staff -- <command> …`: staff accounts from the command line (issue #14,
// docs/backoffice.md "Creating staff in production"). Reads the same environment as the server
// (DATABASE_URL, DATA_KEY, DATA_DIR…). With the embedded database (no DATABASE_URL) stop the
// server first: one process at a time may open it.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createVault } from '../lib/crypto';
import {
  createStaffAccount,
  disableStaff,
  listStaffAccounts,
  resetStaffPassword,
  resetStaffTotp,
  StaffAccountError,
  unlockStaff,
} from '../plugins/app/staff/staff-accounts';

const USAGE = `npm run staff -- <command> [options]

  create --username NAME --display-name "Full Name" --role ROLE [--role ROLE…] [--language en|zh-HK|zh-CN]
      The password is read from STAFF_PASSWORD, else from standard input (typed without echo on a
      terminal). Prints the TOTP secret and its otpauth:// URI once: put them into the staff
      member's authenticator app; they are not shown again.
  reset-totp --username NAME       new TOTP secret (lost phone); ends the account's sessions
  reset-password --username NAME   new password (as for create); ends the account's sessions
  unlock --username NAME           forgets the account's failed sign-ins (its lock and back-offs)
  disable --username NAME          the account can no longer sign in; ends its sessions
  list                             usernames, roles, disabled, locked and awaiting accounts

The console's staff page (staff.manage) does the same with a one-time set-up link instead of a
printed secret: docs/backoffice.md "Staff page".

Roles: reviewer, approver, operations, content_editor, administrator.`;

async function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    // piped: the first line is the password
    let text = '';
    for await (const chunk of stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new StaffAccountError('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await readHidden('Password (12 to 128 characters): ');
  if (process.stdin.isTTY && first !== (await readHidden('Again: ')))
    throw new StaffAccountError('the two passwords differ');
  return first;
}

function printSecret(result: { username: string; secret: string; otpauthUri: string }) {
  // stdout, once: the operator hands these to the staff member's authenticator app
  process.stdout.write(
    [
      `TOTP for ${result.username} (shown once; scan the URI as a QR code or type the secret):`,
      `  secret: ${result.secret}`,
      `  uri:    ${result.otpauthUri}`,
      '',
    ].join('\n'),
  );
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      'display-name': { type: 'string' },
      role: { type: 'string', multiple: true },
      language: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const needUsername = () => {
    if (!values.username) throw new StaffAccountError('--username is required');
    return values.username;
  };

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = { db: database.db, vault: createVault(config.dataKey), now: () => new Date() };
  try {
    switch (command) {
      case 'create': {
        const username = needUsername();
        if (!values['display-name']) throw new StaffAccountError('--display-name is required');
        const password = await readPassword();
        const result = await createStaffAccount(ctx, {
          username,
          displayName: values['display-name'],
          password,
          roles: values.role ?? [],
          ...(values.language ? { language: values.language } : {}),
        });
        process.stdout.write(`created ${result.username} (${result.roles.join(', ')})\n`);
        printSecret(result);
        return 0;
      }
      case 'reset-totp':
        printSecret(await resetStaffTotp(ctx, needUsername()));
        return 0;
      case 'reset-password': {
        const username = needUsername();
        await resetStaffPassword(ctx, username, await readPassword());
        process.stdout.write(`new password set for ${username}; its sessions ended\n`);
        return 0;
      }
      case 'unlock':
        await unlockStaff(ctx, needUsername());
        process.stdout.write(`unlocked ${values.username}\n`);
        return 0;
      case 'disable':
        await disableStaff(ctx, needUsername());
        process.stdout.write(`disabled ${values.username}; its sessions ended\n`);
        return 0;
      case 'list':
        for (const s of await listStaffAccounts(ctx))
          process.stdout.write(
            `${s.username}\t${s.displayName}\t${s.roles.join(',')}\t${s.language}${s.disabled ? '\tdisabled' : ''}${s.locked ? '\tlocked' : ''}${s.awaitingSetup ? '\tawaiting first sign-in' : ''}\n`,
          );
        return 0;
      default:
        process.stderr.write(`unknown command ${command}\n\n${USAGE}\n`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `${err instanceof StaffAccountError || err instanceof TypeError ? err.message : String(err)}\n`,
    );
    process.exit(1);
  },
);
