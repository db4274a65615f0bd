import { z } from 'zod';

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const okMessage = z.object({ success: z.literal(true), message: z.string() });

export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string().optional(), data });

export type Ok<T> = { success: true; message?: string; data: T };
