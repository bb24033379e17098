// Prints the scrypt hash of an access key, for the keyHash field of a LOCAL_SERVERS_FILE entry.
//   npm run --silent hash-key -- <key>        (or, without a key, a new random key is generated
//                                              and printed on stderr, the hash on stdout)
import { generateKey, hashKey } from '../server/panel/local/key-hash.ts';

let key = process.argv[2];
if (key === undefined) {
  key = generateKey();
  console.error(`Generated key: ${key}`);
} else if (key.length < 12) {
  console.error('The key must be at least 12 characters long.');
  process.exit(1);
}
console.log(await hashKey(key));
