import { EXIT, type CliIO } from '../io';

export async function check(_args: readonly string[], io: CliIO): Promise<number> {
  io.err('kgrag check: not implemented yet');
  return EXIT.failure;
}
