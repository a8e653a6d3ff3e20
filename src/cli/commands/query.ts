import { EXIT, type CliIO } from '../io';

export async function query(_args: readonly string[], io: CliIO): Promise<number> {
  io.err('kgrag query: not implemented yet');
  return EXIT.failure;
}
