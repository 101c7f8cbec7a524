//go:build duelistpoison

package engine

// poisonLists: built with -tags duelistpoison, the arena of lists.go is overwritten with a card
// number that does not exist when it is used again, so that a list kept past its run makes the
// duel fail at once (go test -tags duelistpoison ./cards/... ./scenario).
const poisonLists = true
