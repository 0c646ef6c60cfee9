import type { FileStoreConfig } from '../../../config';
import type { Vault } from '../../../lib/crypto';
import { createDatabaseFileStore } from './database-file-store';
import type { FileStore, FileStoreLogger } from './file-store';
import { createS3FileStore } from './s3-file-store';

/** The driver `FILE_STORE` names (config.fileStore), sealing with the app's vault. */
export function createFileStore(config: FileStoreConfig, vault: Vault, logger?: FileStoreLogger): FileStore {
  switch (config.kind) {
    case 'database':
      return createDatabaseFileStore(vault);
    case 's3':
      return createS3FileStore(config, vault, logger ? { logger } : {});
  }
}
