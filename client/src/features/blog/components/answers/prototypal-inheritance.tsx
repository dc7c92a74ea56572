import { CodeBlock } from '@/components/ui/code-block';

const chain = `
const tool = {
  describe() {
    return \`\${this.name} costs $\${this.price}\`;
  },
};

const hammer = Object.create(tool); // hammer's prototype is tool
hammer.name = 'Claw hammer';
hammer.price = 18;

hammer.describe();                          // 'Claw hammer costs $18' (found on tool)
Object.hasOwn(hammer, 'describe');          // false: inherited, not own
Object.getPrototypeOf(hammer) === tool;     // true
Object.getPrototypeOf(tool) === Object.prototype; // true; its prototype is null`;

const classes = `
class Tool {
  constructor(name) { this.name = name; }
  describe() { return this.name; }            // stored on Tool.prototype
}

class PowerTool extends Tool {
  constructor(name, volts) { super(name); this.volts = volts; }
  describe() { return \`\${super.describe()} (\${this.volts} V)\`; }
}

const drill = new PowerTool('Drill', 18);
// drill -> PowerTool.prototype -> Tool.prototype -> Object.prototype -> null
drill.describe(); // 'Drill (18 V)'`;

export function PrototypalInheritanceAnswer() {
  return (
    <>
      <p>
        In JavaScript, objects inherit directly from other objects. Every object has a hidden link,
        its <em>prototype</em> (the internal <code>[[Prototype]]</code> slot, readable with{' '}
        <code>Object.getPrototypeOf</code>), which points to another object or to <code>null</code>.
        The chain of these links is the <em>prototype chain</em>.
      </p>
      <p>
        When you read a property, the engine first looks at the object’s own properties. If the
        property is not there, it follows the link to the prototype and looks there, then to that
        object’s prototype, and so on until it finds the property or reaches <code>null</code>, in
        which case the result is <code>undefined</code>. Methods are therefore shared: one function
        on the prototype serves every object that inherits from it, and <code>this</code> still
        refers to the object the method was called on.
      </p>
      <p>
        Writing is different: assigning a property creates or updates an <em>own</em> property on
        the object itself (unless an inherited setter intercepts it), which shadows the prototype’s
        value without changing it for other objects.
      </p>
      <CodeBlock label="Inheriting with Object.create" code={chain} />
      <p>
        Constructor functions and classes build on the same mechanism. Every function has a{' '}
        <code>prototype</code> property; <code>new Tool()</code> creates an object whose prototype
        is <code>Tool.prototype</code>. The <code>class</code> syntax is a clearer way to write
        this: methods go on the class’s prototype, and <code>extends</code> links{' '}
        <code>PowerTool.prototype</code> to <code>Tool.prototype</code>, so instances find methods
        along the chain.
      </p>
      <CodeBlock label="The same chain built with classes" code={classes} />
    </>
  );
}
