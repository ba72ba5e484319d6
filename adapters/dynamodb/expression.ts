// Builds expressions with placeholders for every name and value, so attribute names that are
// DynamoDB reserved words (name, type, state, ttl, ...) and any value are always safe.
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { type Plain, toAttribute } from "./attributes.ts";

export class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private nameCount = 0;
  private valueCount = 0;
  private readonly nameIndex = new Map<string, string>();

  name(attribute: string): string {
    let placeholder = this.nameIndex.get(attribute);
    if (!placeholder) {
      placeholder = `#n${this.nameCount++}`;
      this.nameIndex.set(attribute, placeholder);
      this.names[placeholder] = attribute;
    }
    return placeholder;
  }

  value(value: Plain | AttributeValue): string {
    const placeholder = `:v${this.valueCount++}`;
    this.values[placeholder] =
      typeof value === "object" && !Array.isArray(value) && !(value instanceof Uint8Array)
        ? value
        : toAttribute(value);
    return placeholder;
  }

  /** The placeholder maps for a request; absent when empty, as DynamoDB requires. */
  params(): {
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, AttributeValue>;
  } {
    return {
      ...(this.nameCount ? { ExpressionAttributeNames: this.names } : {}),
      ...(this.valueCount ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** `SET a = :a, ... REMOVE b, ...` from values; null removes, undefined leaves alone. */
export function updateExpression(
  expr: Expression,
  fields: Record<string, Plain | null | undefined>,
  options: { ifNotExists?: boolean } = {},
): string {
  const set: string[] = [];
  const remove: string[] = [];
  for (const [attribute, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const name = expr.name(attribute);
    if (value === null) remove.push(name);
    else if (options.ifNotExists)
      set.push(`${name} = if_not_exists(${name}, ${expr.value(value)})`);
    else set.push(`${name} = ${expr.value(value)}`);
  }
  return [
    set.length ? `SET ${set.join(", ")}` : "",
    remove.length ? `REMOVE ${remove.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}
