package match

import (
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/engine"
)

// testCards are the card scripts the tests' matches play: the drivers' set.
var testCards engine.Library = all.Library()
