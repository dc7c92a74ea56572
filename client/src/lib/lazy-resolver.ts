import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that loads the real one (zod and the form's schema) on first use,
 * not with the page: building zod's schemas was the largest script task of the checkout's and
 * the purchase page's start-up on a phone. `preload` starts it earlier, when the buyer first
 * touches the form, so that submitting rarely waits for it.
 */
export function lazyResolver<TIn extends FieldValues, TContext, TOut>(
  load: () => Promise<Resolver<TIn, TContext, TOut>>,
): { resolver: Resolver<TIn, TContext, TOut>; preload: () => void } {
  let loading: Promise<Resolver<TIn, TContext, TOut>> | undefined;
  const get = () => (loading ??= load());
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get(),
  };
}
