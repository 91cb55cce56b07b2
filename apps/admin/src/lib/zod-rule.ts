import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** An antd form rule that checks a field with the contract's schema and shows its message. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        throw new Error(parsed.error.issues[0]?.message ?? '格式错误');
      }
    },
  };
}
