import { EXIT, type CliIO } from '../io';

export async function test(_args: readonly string[], io: CliIO): Promise<number> {
  io.err('kgrag test: not implemented yet');
  return EXIT.failure;
}
