import type { FastifyInstance } from 'fastify';

export async function documentRoutes(_app: FastifyInstance) {}
