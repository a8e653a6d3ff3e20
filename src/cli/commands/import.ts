import { EXIT, type CliIO } from '../io';

export async function importGraph(_args: readonly string[], io: CliIO): Promise<number> {
  io.err('kgrag import: not implemented yet');
  return EXIT.failure;
}
