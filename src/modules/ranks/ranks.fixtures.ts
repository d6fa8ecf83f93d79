// The ladder the ranks tests climb, in process (ranks.scene.test.ts) and against the real game
// (test/e2e/areas/ranks.ts): the built-in groups with rb and rc added (permissions.conf), and three
// rungs on them with a prestige (ranks.conf).

export const PERMISSIONS = `
[groups.default]
inherits = []
nodes = []
withhold = []
[groups.moderator]
inherits = ["default"]
nodes = []
[groups.admin]
inherits = ["moderator"]
nodes = ["*"]
[groups.rb]
inherits = ["default"]
nodes = ["core.rank.others"]
[groups.rc]
inherits = ["rb"]
nodes = []
`;

export const LADDER = `
prestige-cost = 5
[[rungs]]
name = "a"
group = "default"
[[rungs]]
name = "b"
group = "rb"
cost = 30
[[rungs]]
name = "c"
group = "rc"
cost = 10
min-playtime-seconds = 100000
`;
