// npm run mail:dkim-key -- --domain agency.example --selector dd1 [--out FILE]: makes a DKIM key pair
// (RSA 2048), writes the private key to FILE (default DATA_DIR/dkim/<selector>.<domain>.pem, mode 600)
// and prints the DNS TXT record to publish and the settings that turn signing on (README, Mail).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { makeDkimKey } from '../modules/mail/dkim-key.ts';
import { mailDomainOf } from '../modules/mail/sender.ts';

const { values } = parseArgs({
  options: { domain: { type: 'string' }, selector: { type: 'string' }, out: { type: 'string' } },
});
const config = loadConfig();
const domain = values.domain ?? mailDomainOf(config.mailFrom);
const selector = values.selector ?? 'dd1';
const file = values.out ?? path.join(config.dataDir, 'dkim', `${selector}.${domain}.pem`);
try {
  const key = makeDkimKey({ domain, selector, file });
  console.log(`Private key written to ${key.file} (mode 600). Keep it secret; it is not shown again.`);
  console.log('');
  console.log(
    'Publish this DNS record (a zone file splits the quoted value into strings of at most 255 characters):',
  );
  console.log('');
  console.log(key.record);
  console.log('');
  console.log('Then set, and restart:');
  console.log(`DKIM_DOMAIN=${domain}`);
  console.log(`DKIM_SELECTOR=${selector}`);
  console.log(`DKIM_PRIVATE_KEY_FILE=${key.file}`);
} catch (error) {
  console.error(`mail:dkim-key failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
