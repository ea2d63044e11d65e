// A lint rule of docs/decisions/037-english-and-french.md: a text a person reads
// comes from the catalog, in the page's language, never from a string written in the JSX.
// It reports
//   - JSX text with a letter in it:                  <p>Save</p>
//   - a string with a letter as a JSX child:         <p>{'Save'}</p>, <p>{`Save ${n}`}</p>
//   - a string with a letter in a reading attribute: aria-label="Close", placeholder="Search"
// What is not prose passes: punctuation, digits, symbols ("·", "—", "$", "#1"). A line that
// must keep a literal (a proper noun, a code) says why:
//   // eslint-disable-next-line local/no-literal-text -- the product's name, not translated

const LETTER = /\p{L}/u;
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
]);

/** @type {import('eslint').Rule.RuleModule} */
const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Texts a person reads come from the message catalog (t(), tx(), tm())' },
    messages: {
      text: 'Text "{{text}}" is written in the JSX: put it in the catalog (shared/src/i18n/catalog) and use t().',
      attribute:
        'The {{name}} "{{text}}" is written in the JSX: put it in the catalog (shared/src/i18n/catalog) and use t().',
    },
    schema: [],
  },
  create(context) {
    const short = (s) => {
      const one = s.replace(/\s+/g, ' ').trim();
      return one.length > 40 ? `${one.slice(0, 40)}…` : one;
    };
    const literalText = (node) => {
      if (!node) return undefined;
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
      return undefined;
    };
    /** Inside <style> or <script> the text is code, not prose. */
    const inCode = (node) => {
      const element = node.parent?.type === 'JSXElement' ? node.parent.openingElement.name : undefined;
      return element?.type === 'JSXIdentifier' && (element.name === 'style' || element.name === 'script');
    };
    return {
      JSXText(node) {
        if (inCode(node)) return;
        if (LETTER.test(node.value))
          context.report({ node, messageId: 'text', data: { text: short(node.value) } });
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute' || inCode(node)) return;
        const text = literalText(node.expression);
        if (text !== undefined && LETTER.test(text))
          context.report({ node, messageId: 'text', data: { text: short(text) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = literalText(value);
        if (text !== undefined && LETTER.test(text))
          context.report({ node, messageId: 'attribute', data: { name, text: short(text) } });
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
