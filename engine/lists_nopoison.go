//go:build !duelistpoison

package engine

// poisonLists is off in ordinary builds (see lists_poison.go).
const poisonLists = false
