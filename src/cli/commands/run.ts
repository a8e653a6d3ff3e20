import { EXIT, type CliIO } from '../io';

export async function run(_args: readonly string[], io: CliIO): Promise<number> {
  io.err('kgrag run: not implemented yet');
  return EXIT.failure;
}
