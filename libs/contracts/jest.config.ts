import { baseJestConfig } from '../../jest.preset';

export default { ...baseJestConfig, displayName: 'contracts', rootDir: __dirname };
