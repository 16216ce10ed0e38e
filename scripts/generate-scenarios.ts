/** Writes the built-in scenarios to public/scenarios/ (`npm run scenarios`). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_IN_SCENARIOS } from '../lib/scenarios/built-in-scenarios';
import { scenarioFiles } from '../lib/scenarios/scenario-files';

const dir = path.join(process.cwd(), 'public', 'scenarios');
mkdirSync(dir, { recursive: true });
const files = scenarioFiles(BUILT_IN_SCENARIOS);
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(path.join(dir, name));
for (const [name, text] of files) writeFileSync(path.join(dir, name), text);
console.log(`wrote ${files.size} files to public/scenarios/`);
