/** The fixture game server of test/fixtures/panel-servers.json and its key (the file holds only the hash). */
export const fixtureServerId = 'test-mc';
export const fixtureKey = 'hostfront-fixture-key-7f3a9c';
