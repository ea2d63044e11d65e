import type { z } from 'zod';

// The text and number fields of a zod schema, found by walking it, for the property tests
// that send every such field a value it must refuse (property.test.ts).

export type FieldPath = (string | number)[];

export interface SchemaField {
  /** Where the field sits: object keys, 0 for an array's element. */
  path: FieldPath;
  kind: 'string' | 'number';
  /** Numbers: whether only whole numbers pass, and the smallest and largest that pass (null: none set). */
  isInt?: boolean;
  minValue?: number | null;
  maxValue?: number | null;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Every string and number a value of `schema` can hold, once per path. */
export function schemaFields(schema: z.ZodType): SchemaField[] {
  const found = new Map<string, SchemaField>();
  const walk = (s: unknown, path: FieldPath, depth: number): void => {
    if (depth > 20) return;
    const def = defOf(s);
    const key = `${def.type}:${path.join('.')}`;
    switch (def.type) {
      case 'string':
        if (!found.has(key)) found.set(key, { path, kind: 'string' });
        return;
      case 'number': {
        const n = s as z.ZodNumber;
        if (!found.has(key))
          found.set(key, {
            path,
            kind: 'number',
            isInt: n.isInt,
            minValue: n.minValue,
            maxValue: n.maxValue,
          });
        return;
      }
      case 'object':
        for (const [name, child] of Object.entries(def.shape as Record<string, unknown>))
          walk(child, [...path, name], depth + 1);
        return;
      case 'array':
        walk(def.element, [...path, 0], depth + 1);
        return;
      case 'tuple':
        (def.items as unknown[]).forEach((item, i) => walk(item, [...path, i], depth + 1));
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        walk(def.innerType, path, depth + 1);
        return;
      case 'pipe':
        walk(def.in, path, depth + 1);
        walk(def.out, path, depth + 1);
        return;
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path, depth + 1);
        return;
      case 'intersection':
        walk(def.left, path, depth + 1);
        walk(def.right, path, depth + 1);
        return;
      case 'lazy':
        walk((def.getter as () => unknown)(), path, depth + 1);
        return;
      default:
        // Literals, enums, booleans, files, transforms: no free value to poison.
        return;
    }
  };
  walk(schema, [], 0);
  return [...found.values()];
}

/** A value holding `leaf` at `path` and nothing else ({contacts: [{name: leaf}]}). */
export function valueAt(path: FieldPath, leaf: unknown): unknown {
  return path.reduceRight<unknown>(
    (inner, step) => (typeof step === 'number' ? [inner] : { [step]: inner }),
    leaf,
  );
}
