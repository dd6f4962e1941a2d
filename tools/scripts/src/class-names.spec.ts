import { join } from 'node:path';
import { duplicateWiringClasses } from './class-names';

describe('class names', () => {
  it('no controller or module class name is declared twice across the apps', () => {
    expect(duplicateWiringClasses(join(__dirname, '..', '..', '..', 'apps'))).toEqual({});
  });
});
