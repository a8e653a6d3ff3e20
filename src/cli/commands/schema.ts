import { EXIT, type CliIO } from '../io';

export async function schema(_args: readonly string[], io: CliIO): Promise<number> {
  io.err('kgrag schema: not implemented yet');
  return EXIT.failure;
}
