import { runCli } from './main';

// Run by bin/fork-lab.mjs under tsx: the process's own arguments and streams.
void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});
