// The part of SaxonJS 2's public API (saxonica.com/saxon-js/documentation2) the validator uses;
// the package ships no types.
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetInternal: unknown;
    sourceText: string;
    destination: 'document';
  }
  interface XPathOptions {
    namespaceContext?: Record<string, string>;
    resultForm?: 'array';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: unknown };
    XPath: { evaluate(xpath: string, context: unknown, options?: XPathOptions): unknown };
  };
  export default SaxonJS;
}
