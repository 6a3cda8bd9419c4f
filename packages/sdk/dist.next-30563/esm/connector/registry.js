// The tools and organization metadata a connector declares: checked and compiled once at
// registration (JSON Schema draft 2020-12 via ajv) so a bad schema fails at startup, not per call.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ConnectorConfigError } from "./errors.js";
// ajv-formats is CommonJS: under Node's ESM loader the default import is module.exports itself.
const addFormats = (addFormatsModule.default ?? addFormatsModule);
const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,127}$/;
export class ToolRegistry {
    tools = new Map();
    metadata = null;
    ajv;
    constructor() {
        // strict:false accepts annotation keywords customers add (x-*, examples); the meta-schema
        // check still rejects schemas that are wrong (misspelt types, required not an array).
        this.ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: true });
        addFormats(this.ajv);
    }
    add(name, spec, handler) {
        if (typeof name !== 'string' || !TOOL_NAME.test(name))
            throw new ConnectorConfigError(`tool name ${JSON.stringify(name)} is invalid: use letters, digits, _ . - (starting with a letter, at most 128)`);
        if (this.tools.has(name))
            throw new ConnectorConfigError(`tool "${name}" is already registered`);
        if (spec === null || typeof spec !== 'object')
            throw new ConnectorConfigError(`tool "${name}" needs a definition { description, input_schema }`);
        if (typeof spec.description !== 'string' || spec.description.trim() === '')
            throw new ConnectorConfigError(`tool "${name}" needs a non-empty description`);
        if (spec.auth !== undefined && (typeof spec.auth !== 'string' || spec.auth === ''))
            throw new ConnectorConfigError(`tool "${name}": auth must be a string such as "none" or "optional"`);
        if (spec.chat !== undefined && typeof spec.chat !== 'boolean')
            throw new ConnectorConfigError(`tool "${name}": chat must be true or false`);
        if (typeof handler !== 'function')
            throw new ConnectorConfigError(`tool "${name}" needs a handler function`);
        const schema = spec.input_schema;
        if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || schema.type !== 'object')
            throw new ConnectorConfigError(`tool "${name}": input_schema must be a JSON Schema object with type "object"`);
        let validate;
        try {
            validate = this.ajv.compile(structuredClone(schema));
        }
        catch (err) {
            throw new ConnectorConfigError(`tool "${name}": input_schema is not a valid JSON Schema (draft 2020-12): ${err.message}`);
        }
        const definition = {
            name,
            description: spec.description,
            auth: spec.auth ?? 'none',
            chat: spec.chat ?? true,
            input_schema: structuredClone(schema),
        };
        this.tools.set(name, { definition, handler, validate });
    }
    setMetadata(m) {
        checkMetadata(m);
        this.metadata = structuredClone(m);
    }
    definitions() {
        return [...this.tools.values()].map((t) => structuredClone(t.definition));
    }
}
/** One line per failing path, e.g. `/lines/0/quantity must be >= 1; (root) must have sku`. */
export function describeSchemaErrors(errors) {
    if (!errors || errors.length === 0)
        return 'the parameters do not match the input_schema';
    const lines = errors.map((e) => {
        const at = e.instancePath === '' ? '(root)' : e.instancePath;
        if (e.keyword === 'required')
            return `${at === '(root)' ? '' : at}/${e.params.missingProperty} is required`;
        if (e.keyword === 'additionalProperties')
            return `${at === '(root)' ? '' : at}/${e.params.additionalProperty} is not allowed`;
        if (e.keyword === 'enum')
            return `${at} must be one of ${e.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
        return `${at} ${e.message ?? 'is invalid'}`;
    });
    return [...new Set(lines)].join('; ');
}
function checkMetadata(m) {
    const fail = (msg) => {
        throw new ConnectorConfigError(`metadata: ${msg}`);
    };
    if (m === null || typeof m !== 'object')
        fail('expected { version, events, actions, tasks }');
    if (!Number.isSafeInteger(m.version) || m.version < 1)
        fail('version must be a positive integer');
    for (const key of ['events', 'actions', 'tasks']) {
        const list = m[key];
        if (!Array.isArray(list))
            fail(`${key} must be an array (use [] when there are none)`);
        const seen = new Set();
        list.forEach((item, i) => {
            const it = item;
            if (it === null ||
                typeof it !== 'object' ||
                typeof it.id !== 'string' ||
                it.id === '' ||
                typeof it.label !== 'string')
                fail(`${key}[${i}] must be { id: non-empty string, label: string }`);
            if (seen.has(it.id))
                fail(`${key}[${i}]: id "${it.id}" is declared twice`);
            seen.add(it.id);
            if (key === 'tasks' && (typeof it.priority !== 'string' || it.priority === ''))
                fail(`tasks[${i}] needs a priority such as "high"`);
        });
    }
}
