// `npm run evidence -- <command> …`: evidence packs from the command line (issue #15,
// docs/evidence-pack.md). `verify` needs nothing but the pack; `export` reads the same environment
// as the server (DATABASE_URL, DATA_KEY, EVIDENCE_SIGNING_KEY, DATA_DIR…). With the embedded
// database (no DATABASE_URL) stop the server first: one process at a time may open it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkHasPermission, checkIsStaffRole } from '@hk/domain/staff/roles';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../lib/app-error';
import { createVault } from '../lib/crypto';
import {
  type EvidenceCtx,
  exportEvidencePack,
  verifyEvidencePack,
  writeEvidencePack,
} from '../plugins/app/evidence/evidence-service';
import { createFileStore } from '../plugins/app/files/create-file-store';
import { findStaffByUsername } from '../plugins/app/staff/staff-repository';

const USAGE = `npm run evidence -- <command> [options]

  verify <pack-folder-or-zip> [--public-key broker.pem]
      Checks every file's SHA-256 and size against manifest.json, that no file is missing or added,
      and the manifest's Ed25519 signature. With --public-key, also that the pack was signed by
      that key. Names every file that fails; exits 1 when anything fails.
  export <application-id> <out-folder> --as <staff-username>
      Writes the application's evidence pack into <out-folder> (new or empty). The staff member
      must have the records.export permission; the export is recorded in the staff access log
      under their name.`;

export interface EvidenceIo {
  out(text: string): void;
  err(text: string): void;
}

/** Opens what `export` needs; the caller closes it. */
export type OpenEvidenceCtx = () => Promise<{ ctx: EvidenceCtx; close(): Promise<void> }>;

async function openFromEnvironment(): ReturnType<OpenEvidenceCtx> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const vault = createVault(config.dataKey);
  return {
    ctx: {
      config,
      db: database.db,
      vault,
      files: createFileStore(config.fileStore, vault),
      now: () => new Date(),
    },
    close: () => database.close(),
  };
}

export async function runEvidenceCommand(
  argv: string[],
  io: EvidenceIo,
  open: OpenEvidenceCtx = openFromEnvironment,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'public-key': { type: 'string' },
      as: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    io.out(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  switch (command) {
    case 'verify': {
      const [dir] = rest;
      if (!dir || rest.length !== 1) {
        io.err(`verify takes one pack (a folder or a zip)\n\n${USAGE}\n`);
        return 2;
      }
      const expected = values['public-key'] ? await readFile(values['public-key'], 'utf8') : undefined;
      const result = await verifyEvidencePack(path.resolve(dir), expected);
      for (const p of result.problems) io.err(`FAIL ${p.path}: ${p.problem.replace(/_/g, ' ')}\n`);
      if (result.keyFingerprint) io.out(`signing key fingerprint (SHA-256): ${result.keyFingerprint}\n`);
      io.out(
        result.ok
          ? `OK: ${result.fileCount} files, every hash, size and the signature verified\n`
          : `FAILED: ${result.problems.length} problem(s) in ${dir}\n`,
      );
      return result.ok ? 0 : 1;
    }
    case 'export': {
      const [applicationId, outDir] = rest;
      if (!applicationId || !outDir || rest.length !== 2 || !values.as) {
        io.err(`export takes an application id, an output folder and --as <staff-username>\n\n${USAGE}\n`);
        return 2;
      }
      const { ctx, close } = await open();
      try {
        const staff = await findStaffByUsername(ctx.db, values.as.toLowerCase());
        const roles = (staff?.roles ?? []).filter(checkIsStaffRole);
        if (!staff || staff.disabledAt || !checkHasPermission(roles, 'records.export')) {
          io.err(`${values.as} is not an active staff member with the records.export permission\n`);
          return 1;
        }
        const pack = await exportEvidencePack(ctx, applicationId, {
          via: 'command',
          staffId: staff.id,
          ip: null,
          userAgent: 'npm run evidence',
          requestId: null,
        });
        await writeEvidencePack(pack, path.resolve(outDir));
        io.out(`wrote ${pack.files.size} files to ${outDir}\n`);
        for (const note of pack.manifest.notes) io.err(`note: ${note}\n`);
        return 0;
      } catch (err) {
        if (err instanceof AppError && err.code === 'RECORDS_APPLICATION_NOT_FOUND') {
          io.err(`no application ${applicationId}\n`);
          return 1;
        }
        throw err;
      } finally {
        await close();
      }
    }
    default:
      io.err(`unknown command ${command}\n\n${USAGE}\n`);
      return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runEvidenceCommand(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
