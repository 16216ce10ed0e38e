#!/usr/bin/env node
// The scripted runtime as a command, as `fork-lab verify --driver ./driver.mjs` starts it: one
// process a turn, `-p <prompt>` to start a session, `--continue -p <prompt>` to go on with it (kept
// in .scripted-runtime.json in the folder it runs in), `--version` to say its release. It reaches
// the model at $SCRIPTED_RUNTIME_BASE_URL; $SCRIPTED_RUNTIME_MISTAKE makes it fork wrongly.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runtimeTurn } from './scripted-runtime.mjs';

const { values } = parseArgs({ options: { prompt: { type: 'string', short: 'p' }, continue: { type: 'boolean' }, version: { type: 'boolean' } } });
if (values.version) {
  console.log('1.0.0');
} else {
  const baseUrl = process.env.SCRIPTED_RUNTIME_BASE_URL;
  if (baseUrl === undefined || values.prompt === undefined) {
    console.error('usage: SCRIPTED_RUNTIME_BASE_URL=<url> scripted-runtime-cli.mjs [--continue] -p <prompt>');
    process.exit(2);
  }
  const file = '.scripted-runtime.json';
  const history = values.continue && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const conversation = await runtimeTurn({ baseUrl, history, prompt: values.prompt, mistake: process.env.SCRIPTED_RUNTIME_MISTAKE });
  writeFileSync(file, JSON.stringify(conversation));
  const last = conversation.at(-1);
  console.log(last.role === 'assistant' ? (last.content.find((part) => part.type === 'text')?.text ?? '') : '');
}
