// A person's display name, as nameSchema (fields.ts) judges it, without zod: the sign-in's token
// exchange runs in the first script of every page, which stays without the schema library
// (client/src/lib/zod-without-eval.ts). fields.ts builds nameSchema from these same parts.

export const NAME_MAX_LENGTH = 100;
// eslint-disable-next-line no-control-regex
export const NAME_ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
export const NAME_NO_MARKUP = /^[^<>]*$/;
export const NAME_NO_DIRECTION_MARKS = /^[^\u202a-\u202e\u2066-\u2069]*$/;

/** Whether nameSchema accepts `text` (it trims first). */
export function isAcceptableName(text: string): boolean {
  const name = text.trim();
  return (
    name.length >= 1 &&
    name.length <= NAME_MAX_LENGTH &&
    NAME_ONE_LINE.test(name) &&
    NAME_NO_MARKUP.test(name) &&
    NAME_NO_DIRECTION_MARKS.test(name)
  );
}
