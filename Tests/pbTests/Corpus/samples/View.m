#import <Foundation/Foundation.h>
@interface View : NSObject
@end
@implementation View
@end
