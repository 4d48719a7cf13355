// The documented demo sandbox key (test mode, printed in the README). Node-side only: the browser
// worker never imports it, so no page embeds a key value.
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld } from '../../simulator/world/index.ts';
import { demoSandboxKeyId } from './public-world.ts';

/** The demo sandbox key's value, derived from the default world (for tests and examples). */
export function demoSandboxKey(): string {
  const key = buildWorld(defaultConfig).keys.find((k) => k.key_id === demoSandboxKeyId);
  if (!key) throw new Error(`the default world has no ${demoSandboxKeyId}`);
  return key.material;
}
