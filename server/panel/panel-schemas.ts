import { errorBodySchema } from '../lib/http-error.ts';

/** JSON Schemas of the panel's browser API. */

const powerState = { type: 'string', enum: ['offline', 'starting', 'running', 'stopping'] } as const;
const usage = {
  type: 'object',
  properties: { current: { type: 'number' }, limit: { type: 'number' } },
  required: ['current', 'limit'],
} as const;

export const serverDetailsSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    status: { type: ['string', 'null'] },
    limits: {
      type: 'object',
      properties: { memory: { type: 'number' }, disk: { type: 'number' }, cpu: { type: 'number' } },
      required: ['memory', 'disk', 'cpu'],
    },
    state: powerState,
  },
  required: ['id', 'name', 'description', 'status', 'limits', 'state'],
} as const;

export const resourcesSchema = {
  type: 'object',
  properties: { state: powerState, cpu: usage, memory: usage, disk: usage, uptime: { type: 'number' } },
  required: ['state', 'cpu', 'memory', 'disk', 'uptime'],
} as const;

export const connectBodySchema = {
  type: 'object',
  properties: {
    serverId: { type: 'string', minLength: 1, maxLength: 100 },
    key: { type: 'string', minLength: 1, maxLength: 500 },
  },
  required: ['serverId', 'key'],
  additionalProperties: false,
} as const;

export const powerBodySchema = {
  type: 'object',
  properties: { signal: { type: 'string', enum: ['start', 'stop', 'restart', 'kill'] } },
  required: ['signal'],
  additionalProperties: false,
} as const;

export const commandBodySchema = {
  type: 'object',
  properties: { command: { type: 'string', maxLength: 1000 } },
  required: ['command'],
  additionalProperties: false,
} as const;

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
  504: errorBodySchema,
} as const;
