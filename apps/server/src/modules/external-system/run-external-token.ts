import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { systemClock } from '../../lib/clock.ts';
import { DEMO_EXTERNAL_SYSTEM } from './demo-external-system.ts';
import { mintExternalToken } from './external-token.ts';

/**
 * `npm run external-token -- --user <login> [--roles A,B] [--name N] [--surname S] [--email E]`: signs a
 * token as the demo company's main system does (HS256, its demo secret; `--issuer`, `--audience`,
 * `--secret` for another link) and prints it with the address that signs the user in.
 */
const { values } = parseArgs({
  options: {
    user: { type: 'string' },
    roles: { type: 'string', default: '' },
    name: { type: 'string' },
    surname: { type: 'string' },
    email: { type: 'string' },
    issuer: { type: 'string', default: DEMO_EXTERNAL_SYSTEM.issuer },
    audience: { type: 'string', default: DEMO_EXTERNAL_SYSTEM.audience },
    secret: { type: 'string', default: DEMO_EXTERNAL_SYSTEM.sharedSecret },
    ttl: { type: 'string', default: '120' },
  },
});
if (!values.user) {
  console.error('usage: npm run external-token -- --user <login> [--roles ERP_PRACOWNIK,ERP_AKCEPTANT] [--name Jan] [--surname Zewnętrzny] [--email jan@example.com] [--ttl 120]');
  process.exit(2);
}
const token = await mintExternalToken(
  {
    issuer: values.issuer,
    audience: values.audience,
    user: values.user,
    name: values.name,
    surname: values.surname,
    email: values.email,
    roles: values.roles.split(',').map((role) => role.trim()).filter((role) => role !== ''),
    issuedAt: systemClock.now(),
    ttlSeconds: Number(values.ttl),
  },
  { algorithm: 'HS256', secret: values.secret },
);
const query = new URLSearchParams({ externalUser: values.user, externalToken: token });
console.log(`token: ${token}`);
console.log(`sign in (once, within ${values.ttl} s): ${loadConfig().publicUrl}/external-login?${query.toString()}`);
