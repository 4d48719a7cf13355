// The management API's OpenAPI 3.1 document, generated from the contract's zod schemas (one source
// of truth), served at /manage/v1/openapi.json.
import { z } from 'zod';
import { problemSchema } from '../api/orders/contract.ts';
import { auditEntrySchema } from './audit.ts';
import {
  auditQuerySchema,
  changeConsumerSchema,
  createManagementKeySchema,
  deprecateRouteSchema,
  issueKeySchema,
  manageScopes,
  rollKeySchema,
  runOnlySchema,
  updateKeySchema,
} from './contract.ts';
import { manageProblemTypes } from './problems.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: object) => ({ 'application/json': { schema } });
const problems = {
  description: 'A problem (RFC 9457) naming each bad field',
  content: { 'application/problem+json': { schema: ref('Problem') } },
};
const idParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', maxLength: 120 },
});
const idempotency = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** A read: its scope and answer. */
function read(operationId: string, scope: string, answer: object, parameters: object[] = []) {
  return {
    operationId,
    security: [{ managementKey: [scope] }],
    parameters,
    responses: { 200: { description: 'Success', content: jsonBody(answer) }, default: problems },
  };
}

/** A change: dry run (a preview and its token) or apply (the change and its audit entry). */
function change(operationId: string, scope: string, body: string, parameters: object[] = []) {
  return {
    operationId,
    security: [{ managementKey: [scope] }],
    parameters: [...parameters, idempotency],
    requestBody: { required: false, content: jsonBody(ref(body)) },
    responses: {
      200: {
        description: 'The preview (dry_run) or the change applied',
        content: jsonBody({ oneOf: [ref('Preview'), ref('Change')] }),
      },
      201: { description: 'A key issued: its value is in `secret`, once', content: jsonBody(ref('Change')) },
      default: problems,
    },
  };
}

/** Each path's GET also as HEAD (the same answer without its body), as the server answers it. */
function withHead(paths: Record<string, Record<string, Record<string, unknown>>>) {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => {
      const get = operations.get as ({ operationId: string; responses: object } & object) | undefined;
      if (!get) return [path, operations];
      const responses = Object.fromEntries(
        Object.entries(get.responses).map(([status, answer]) => [
          status,
          { description: (answer as { description?: string }).description ?? 'Problem' },
        ]),
      );
      const head = {
        ...get,
        operationId: `head${get.operationId[0]?.toUpperCase()}${get.operationId.slice(1)}`,
        responses,
      };
      return [path, { ...operations, head }];
    }),
  );
}

const schema = (value: z.ZodType) =>
  z.toJSONSchema(value, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
const list = {
  type: 'object',
  properties: { object: { const: 'list' }, data: { type: 'array', items: { type: 'object' } } },
};

/** The document. */
export function manageOpenApi(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Estate management API',
      version: '1.0.0',
      description: `Every change to keys, routes, consumers and management keys, each recorded in a hash-chained audit trail. Extra problem types: ${Object.keys(manageProblemTypes).join(', ')}.`,
    },
    servers: [{ url: '/manage/v1' }],
    paths: withHead({
      '/keys': {
        get: read('listKeys', 'keys:read', list),
        post: change('issueKey', 'keys:write', 'IssueKey'),
      },
      '/keys/{key_id}': {
        get: read('getKey', 'keys:read', { type: 'object' }, [idParam('key_id')]),
        patch: change('updateKey', 'keys:write', 'UpdateKey', [idParam('key_id')]),
      },
      '/keys/{key_id}/revoke': { post: change('revokeKey', 'keys:write', 'RunOnly', [idParam('key_id')]) },
      '/keys/{key_id}/roll': { post: change('rollKey', 'keys:write', 'RollKey', [idParam('key_id')]) },
      '/routes': { get: read('listRoutes', 'routes:read', list) },
      '/routes/{route_id}': {
        get: read('getRoute', 'routes:read', { type: 'object' }, [idParam('route_id')]),
      },
      '/routes/{route_id}/deprecate': {
        post: change('deprecateRoute', 'routes:write', 'DeprecateRoute', [idParam('route_id')]),
      },
      '/routes/{route_id}/restore': {
        post: change('restoreRoute', 'routes:write', 'RunOnly', [idParam('route_id')]),
      },
      '/consumers': { get: read('listConsumers', 'consumers:read', list) },
      '/consumers/{consumer_id}': {
        get: read('getConsumer', 'consumers:read', { type: 'object' }, [idParam('consumer_id')]),
        patch: change('changeConsumer', 'consumers:write', 'ChangeConsumer', [idParam('consumer_id')]),
      },
      '/audit': {
        get: read(
          'listAudit',
          'audit:read',
          {
            type: 'object',
            properties: {
              object: { const: 'list' },
              data: { type: 'array', items: ref('AuditEntry') },
              next_cursor: { type: ['string', 'null'] },
              previous_cursor: { type: ['string', 'null'] },
            },
          },
          Object.entries((schema(auditQuerySchema) as { properties: Record<string, object> }).properties).map(
            ([name, s]) => ({ name, in: 'query', required: false, schema: s }),
          ),
        ),
      },
      '/demo/reset': {
        post: {
          ...change('resetDemo', 'keys:write', 'RunOnly'),
          description:
            'The open demo only (its visitor; 403 open_demo_only otherwise): every workspace key, route and consumer back to the simulated state, as one audit entry',
        },
      },
      '/management-keys': {
        get: read('listManagementKeys', 'management_keys:read', list),
        post: change('createManagementKey', 'management_keys:write', 'CreateManagementKey'),
      },
      '/management-keys/{mk_id}': {
        get: read('getManagementKey', 'management_keys:read', { type: 'object' }, [idParam('mk_id')]),
      },
      '/management-keys/{mk_id}/revoke': {
        post: change('revokeManagementKey', 'management_keys:write', 'RunOnly', [idParam('mk_id')]),
      },
      '/openapi.json': {
        get: {
          operationId: 'openApi',
          security: [],
          responses: { 200: { description: 'This document', content: jsonBody({ type: 'object' }) } },
        },
      },
    }),
    components: {
      securitySchemes: {
        managementKey: {
          type: 'http',
          scheme: 'bearer',
          description: `A management key (mk_…), with scopes among ${manageScopes.join(', ')}`,
        },
      },
      schemas: {
        IssueKey: schema(issueKeySchema),
        UpdateKey: schema(updateKeySchema),
        RollKey: schema(rollKeySchema),
        RunOnly: schema(runOnlySchema),
        DeprecateRoute: schema(deprecateRouteSchema),
        ChangeConsumer: schema(changeConsumerSchema),
        CreateManagementKey: schema(createManagementKeySchema),
        AuditEntry: schema(auditEntrySchema),
        Problem: schema(problemSchema),
        Preview: {
          type: 'object',
          required: ['object', 'action', 'target', 'blast', 'preview_token'],
          properties: {
            object: { const: 'preview' },
            action: { type: 'string' },
            target: { type: 'object' },
            before: {},
            after: {},
            changed: { type: 'boolean', description: 'false when after is before: applying writes nothing' },
            blast: { type: 'object' },
            what_if: { type: ['object', 'null'] },
            preview_token: { type: 'string' },
          },
        },
        Change: {
          type: 'object',
          required: ['object', 'action', 'audit_entry_id', 'target'],
          properties: {
            object: { const: 'change' },
            action: { type: 'string' },
            audit_entry_id: {
              type: ['string', 'null'],
              description: 'null when the change changed nothing (and wrote no entry)',
            },
            changed: { type: 'boolean' },
            target: { type: 'object' },
            before: {},
            after: {},
            secret: { type: 'string' },
          },
        },
      },
    },
    security: [{ managementKey: [] }],
  };
}
