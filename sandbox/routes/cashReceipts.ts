import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

export function registerCashReceipts(_app: FastifyInstance, _context: SandboxContext): void {}
