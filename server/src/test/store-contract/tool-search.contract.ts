import { expect, it } from 'vitest';
import { buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const NAMES = [
  'Cordless Drill 18V',
  'Drill Bit Set',
  'Angle Grinder',
  '100% Steel Pliers',
  'Pipe_Wrench Pro',
  'The "Big" Hammer',
  "Mechanic's Socket*Set",
  'Ébarbeuse Électrique',
];

export function toolSearchContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const search = async (text: string, offset = 0, limit = 50) => {
    const page = await store().tools.list({ search: text, offset, limit });
    return { names: page.items.map((t) => t.name).sort(), total: page.total };
  };
  const seed = () => store().tools.insertMany(NAMES.map((name) => buildTool({ name })));

  it('when searching with 3+ characters, then any case-insensitive substring matches', async () => {
    await seed();
    expect(await search('DRILL')).toEqual({
      names: ['Cordless Drill 18V', 'Drill Bit Set'],
      total: 2,
    });
    expect((await search('ll 18')).names).toEqual(['Cordless Drill 18V']);
    expect((await search('grinder')).names).toEqual(['Angle Grinder']);
    expect((await search('électrique')).names).toEqual(['Ébarbeuse Électrique']);
    expect(await search('chainsaw')).toEqual({ names: [], total: 0 });
  });

  it('when searching with 1 or 2 characters, then substrings match too', async () => {
    await seed();
    expect((await search('dr')).names).toEqual(['Cordless Drill 18V', 'Drill Bit Set']);
    expect((await search('V')).names).toEqual(['Cordless Drill 18V']);
    expect((await search('ÉB')).names).toEqual(['Ébarbeuse Électrique']);
  });

  it('when the search has surrounding spaces or is blank, then it is trimmed or ignored', async () => {
    await seed();
    expect((await search('  grinder ')).names).toEqual(['Angle Grinder']);
    expect((await search('   ')).total).toBe(NAMES.length);
  });

  it('when the search holds LIKE, FTS or regex special characters, then they match literally', async () => {
    await seed();
    expect((await search('%')).names).toEqual(['100% Steel Pliers']);
    expect((await search('0% s')).names).toEqual(['100% Steel Pliers']);
    expect((await search('_')).names).toEqual(['Pipe_Wrench Pro']);
    expect((await search('e_w')).names).toEqual(['Pipe_Wrench Pro']);
    expect((await search('"')).names).toEqual(['The "Big" Hammer']);
    expect((await search('"big"')).names).toEqual(['The "Big" Hammer']);
    expect((await search('*')).names).toEqual(["Mechanic's Socket*Set"]);
    expect((await search("c's")).names).toEqual(["Mechanic's Socket*Set"]);
    expect((await search("'")).names).toEqual(["Mechanic's Socket*Set"]);
  });

  it('when the search looks like query syntax, then it never throws and matches nothing odd', async () => {
    await seed();
    for (const text of [
      'OR',
      'AND NOT',
      'NEAR(a b)',
      'dri*',
      '^dr',
      'a:b',
      '(((',
      '\\',
      '.*',
      '[a-z]',
      '-drill',
    ]) {
      const result = await search(text);
      expect(result.names.every((name) => name.toLowerCase().includes(text.toLowerCase()))).toBe(
        true,
      );
    }
  });

  it('when a search matches many tools, then it pages newest first with the total', async () => {
    const inputs = Array.from({ length: 7 }, (_, i) => buildTool({ name: `Torque Wrench ${i}` }));
    await store().tools.insertMany([...inputs, buildTool({ name: 'Bench Vise' })]);
    const page = await store().tools.list({ search: 'torque', offset: 2, limit: 3 });
    expect(page.total).toBe(7);
    expect(page.items.map((t) => t.name)).toEqual([
      'Torque Wrench 4',
      'Torque Wrench 3',
      'Torque Wrench 2',
    ]);
  });

  it('when a tool is renamed or deleted, then search follows', async () => {
    const tool = await store().tools.create(buildTool({ name: 'Pipe Cutter' }));
    await store().tools.update(tool._id, buildTool({ name: 'Tube Bender' }));
    expect((await search('cutter')).total).toBe(0);
    expect((await search('bender')).names).toEqual(['Tube Bender']);
    await store().tools.delete(tool._id);
    expect((await search('bender')).total).toBe(0);
  });
  it('when the words are in another order than in the name or description, then each must be found', async () => {
    await seed();
    expect((await search('18v cordless')).names).toEqual(['Cordless Drill 18V']);
    expect((await search('set drill')).names).toEqual(['Drill Bit Set']);
    expect((await search('bit  dr')).names).toEqual(['Drill Bit Set']);
    expect((await search('drill hammer')).total).toBe(0);
  });

  it('when a word is inside a word of the description, or longer than eight letters, then it matches exactly as typed', async () => {
    const driver = await store().tools.create(
      buildTool({ name: 'Impact Driver', description: 'Brushless motor, 3-speed gearbox.' }),
    );
    await store().tools.create(
      buildTool({ name: 'Screwdriver Set', description: 'Magnetic tips.' }),
    );
    expect((await search('rushless')).names).toEqual(['Impact Driver']);
    expect((await search('-SPEED')).names).toEqual(['Impact Driver']);
    expect((await search('gearbox. motor,')).names).toEqual(['Impact Driver']);
    expect((await search('brushlessly')).total).toBe(0);
    expect((await search('motorgear')).total).toBe(0);
    expect((await search('crewdriver')).names).toEqual(['Screwdriver Set']);
    expect((await search('screwdrivers')).total).toBe(0);
    await store().tools.update(driver._id, {
      ...buildTool({ name: 'Impact Driver' }),
      description: 'Corded.',
    });
    expect((await search('rushless')).total).toBe(0);
    expect((await search('corded')).names).toEqual(['Impact Driver']);
  });

  it('when the start of a SKU is searched with or without its dashes, then its tools are found', async () => {
    await store().tools.insertMany([
      buildTool({ name: 'Cordless Drill', sku: 'PF-DRL-18' }),
      buildTool({ name: 'Hammer Drill', sku: 'pf-drl-20' }),
      buildTool({ name: 'Tape', sku: 'XPF-DRL-1' }),
    ]);
    expect((await search('PF-DRL')).names).toEqual(['Cordless Drill', 'Hammer Drill']);
    expect((await search('pfdrl2')).names).toEqual(['Hammer Drill']);
    expect(await search('PFDRL18')).toEqual({ names: ['Cordless Drill'], total: 1 });
    expect((await search('drl18')).total).toBe(0);
  });
}
